import { PageHeader } from './PageHeader';

/** App-bar title and heading of a screen whose real content arrives in a later issue. */
export function PagePlaceholder({ title }: { title: string }) {
  return <PageHeader title={title} />;
}
