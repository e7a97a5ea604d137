import { PagePlaceholder } from '../../components/page-placeholder';

export function Component() {
  return <PagePlaceholder title="Admin Dashboard" />;
}
