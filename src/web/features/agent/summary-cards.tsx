import { StatCard, StatGrid } from '../../components/stat-card';
import { useAgentSummary } from './agent-api';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** Assigned, Awaiting Assessment, Offers Made, Completed: the server's counts for this agent (docs/decisions/031). */
export function SummaryCards({ agentId }: { agentId: string }) {
  const { data } = useAgentSummary(agentId);
  const figure = (value: number | undefined) => value ?? '…';
  return (
    <StatGrid label="Summary">
      <StatCard
        label="Assigned"
        value={figure(data?.assigned)}
        hint={
          data &&
          `${plural(data.tradeIns.assigned, 'trade-in')}, ${plural(data.pickups.assigned, 'pickup')}${data.collections.assigned ? `, ${plural(data.collections.assigned, 'collection')}` : ''}`
        }
      />
      <StatCard label="Awaiting Assessment" value={figure(data?.awaitingAssessment)} hint="Ready for you to assess" />
      <StatCard label="Offers Made" value={figure(data?.offersMade)} hint="Waiting for the customer's answer" />
      <StatCard
        label="Completed"
        value={figure(data?.completed)}
        hint={
          data &&
          `${plural(data.tradeIns.completed, 'offer')} answered, ${data.pickups.completed} returned${data.collections.completed ? `, ${data.collections.completed} inspected` : ''}`
        }
      />
    </StatGrid>
  );
}
