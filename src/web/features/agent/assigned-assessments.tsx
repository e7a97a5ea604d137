import { useId } from 'react';
import { AGENT_SALE_STATUSES } from '../../../shared/trade-in-statuses';
import { cardList } from '../../components/card-list';
import { PagedResults } from '../../components/paged-results';
import { panelClass } from '../../components/tabbed-page';
import { SelectField } from '../../components/ui/field';
import { useAssignedTradeIns } from './agent-api';
import { TradeInCard } from './trade-in-card';

/** 'Assigned Assessments': the agent's trade-ins, newest first, by status, a page at a time from the server. */
export function AssignedAssessments({ agentId }: { agentId: string }) {
  const list = useAssignedTradeIns(agentId);
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className={panelClass}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
          Assigned Assessments
        </h2>
        <SelectField
          id={`${id}-status`}
          label="Status"
          className="min-w-56"
          value={list.status}
          onChange={(event) => list.setFilters({ status: event.target.value })}
          placeholder="All statuses"
          options={AGENT_SALE_STATUSES}
        />
      </div>
      <div className="mt-4">
        <PagedResults
          list={list}
          errorTitle="Failed to load your assessments"
          empty={{
            title: list.status ? `No assessments in ${list.status}` : 'No assessments assigned yet',
            description: 'Trade-ins the admin assigns to you appear here.',
          }}
        >
          {cardList('space-y-4', (tradeIn) => (
            <TradeInCard key={tradeIn.transactionNumber} agentId={agentId} tradeIn={tradeIn} />
          ))}
        </PagedResults>
      </div>
    </section>
  );
}
