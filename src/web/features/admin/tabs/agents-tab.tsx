import { KeyRound, Pencil, Plus, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { AGENT_MESSAGES, AGENT_STATUS_FILTERS, type AdminAgent } from '../../../../shared/agents';
import { MFA_MESSAGES } from '../../../../shared/staff-mfa';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { AgentDialog } from '../agents/agent-dialog';
import { DeactivateDialog } from '../agents/deactivate-dialog';
import { agentActions, useAgentList, useRefreshAgents } from '../agents/agent-api';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { cardList } from '../../../components/card-list';
import { ListTab } from '../components/list-tab';
import { StatusBadge } from '../../../components/status-badge';
import { formatDate } from '../../../../shared/dates';
import { formatPhone } from '../../../../shared/phones';

const TONES = { active: 'green', inactive: 'red' } as const;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * The admin's Agents tab (spec 001 'Agents'): paged cards, searched and filtered; Create Agent, Edit Agent,
 * delete (which hands an agent's open work over and deactivates them, decision 047) and Reactivate.
 */
export default function AgentsTab() {
  const list = useAgentList();
  const refresh = useRefreshAgents();
  const [creating, setCreating] = useState(false);

  return (
    <ListTab
      id="agents"
      title="Agents"
      toolbar={{
        searchLabel: 'Search agents',
        statuses: AGENT_STATUS_FILTERS,
        children: (
          <Button onClick={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden="true" />
            Create Agent
          </Button>
        ),
      }}
      list={list}
      errorTitle={AGENT_MESSAGES.loadFailed}
      empty={{ title: 'No agents found', description: 'Create an agent to start assigning trade-ins.' }}
      after={creating && <AgentDialog open onOpenChange={setCreating} onSaved={() => void refresh()} />}
    >
      {cardList('grid gap-4 sm:grid-cols-2 lg:grid-cols-3', (agent) => (
        <AgentCard key={agent.id} agent={agent} onChanged={() => void refresh()} />
      ))}
    </ListTab>
  );
}

function AgentCard({ agent, onChanged }: { agent: AdminAgent; onChanged: () => void }) {
  const [dialog, setDialog] = useState<'edit' | 'delete' | 'reset' | 'reactivate' | null>(null);
  const opener = (name: 'delete' | 'reset' | 'reactivate') => (open: boolean) => setDialog(open ? name : null);

  /** A confirmed action: its reply's message, or the refusal under the action's own title. */
  async function run(action: () => Promise<{ message: string }>, failed: string) {
    try {
      toast.success((await action()).message);
      onChanged();
    } catch (error) {
      toast.error(failed, error instanceof ApiError ? { description: error.message } : undefined);
    }
  }

  return (
    <li className="min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-label={agent.name}>
      <div className="flex items-start justify-between gap-2">
        {/* min-w-0: a long name or email wraps or is cut inside the card, never widens a phone's page. */}
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900">{agent.name}</p>
          <p className="text-sm text-slate-600">{agent.role}</p>
        </div>
        <StatusBadge status={agent.status} tones={TONES} />
      </div>
      <dl className="mt-3 space-y-1 text-sm text-slate-600">
        <Row label="ID" value={agent.id.slice(0, 8)} />
        <Row label="Username" value={agent.username} />
        <Row label="Email" value={agent.email} />
        <Row label="Phone" value={formatPhone(agent.phone)} />
        <Row label="Joined" value={formatDate(agent.joinDate)} />
      </dl>
      {/* Counted as the agent's own dashboard counts them (decision 031), so both say the same. */}
      <div className="mt-3 grid grid-cols-2 gap-2 text-center text-sm">
        <p className="rounded-lg bg-slate-50 p-2">
          <span className="block text-lg font-semibold text-slate-900">{agent.assigned}</span> Assigned
          <span className="block text-xs text-slate-500">
            {plural(agent.tradeIns.assigned, 'trade-in')}, {plural(agent.pickups.assigned, 'pickup')}
          </span>
        </p>
        <p className="rounded-lg bg-slate-50 p-2">
          <span className="block text-lg font-semibold text-slate-900">{agent.completed}</span> Completed
          <span className="block text-xs text-slate-500">
            {plural(agent.tradeIns.completed, 'offer')} answered, {agent.pickups.completed} returned
          </span>
        </p>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => setDialog('edit')}>
          <Pencil className="size-4" aria-hidden="true" />
          Edit
        </Button>
        {agent.status === 'inactive' && (
          <Button variant="secondary" size="sm" onClick={() => setDialog('reactivate')}>
            <RotateCcw className="size-4" aria-hidden="true" />
            Reactivate
          </Button>
        )}
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Reset ${agent.name}'s authenticator`}
          title="Reset authenticator"
          onClick={() => setDialog('reset')}
        >
          <KeyRound className="size-4" aria-hidden="true" />
        </Button>
        <Button variant="danger" size="sm" aria-label={`Delete ${agent.name}`} onClick={() => setDialog('delete')}>
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      </div>
      {dialog === 'edit' && (
        <AgentDialog agent={agent} open onOpenChange={(open) => setDialog(open ? 'edit' : null)} onSaved={onChanged} />
      )}
      {dialog === 'delete' && (
        <DeactivateDialog agent={agent} open onOpenChange={opener('delete')} onDone={onChanged} />
      )}
      <ConfirmDialog
        open={dialog === 'reactivate'}
        onOpenChange={opener('reactivate')}
        title={`Reactivate ${agent.name}?`}
        message={`${agent.name} can sign in again with the username ${agent.username} and their own password.`}
        confirmLabel="Reactivate"
        variant="primary"
        onConfirm={() => run(() => agentActions.reactivate(agent.id), AGENT_MESSAGES.saveFailed)}
      />
      <ConfirmDialog
        open={dialog === 'reset'}
        onOpenChange={opener('reset')}
        title={`Reset ${agent.name}'s authenticator?`}
        message="They are signed out, their recovery codes stop working, and at their next sign-in they set up a new authenticator app."
        confirmLabel="Reset"
        onConfirm={() => run(() => agentActions.resetMfa(agent.id), MFA_MESSAGES.resetFailed)}
      />
    </li>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex gap-2">
      <dt className="w-20 shrink-0 text-slate-500">{label}</dt>
      <dd className="min-w-0 truncate">{value}</dd>
    </div>
  );
}
