import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../data/errors.ts';
import { EmptyState, ErrorState, LoadingBlock } from '../ui/EmptyState.tsx';

/** What QueryView reads of a TanStack query result. */
interface QueryLike<T> {
  data: T | undefined;
  isError: boolean;
  error: unknown;
  /** 'paused' while the query waits for a network that is not there. */
  fetchStatus?: string;
  refetch(): unknown;
}

/**
 * A query's answer, or what stands in its place: the error (with a retry unless `retry` is false),
 * the offline state while it waits for the network, the loading block (or `loading`), or the `empty` state when the answer is empty.
 */
export function QueryView<T>({
  query,
  empty,
  isEmpty = (data) => Array.isArray(data) && data.length === 0,
  loading = <LoadingBlock />,
  retry = true,
  keepData = false,
  children,
}: {
  query: QueryLike<T>;
  /** The empty state shown instead of `children` when the answer is empty. */
  empty?: ComponentProps<typeof EmptyState>;
  /** When the answer counts as empty; an empty list unless told. */
  isEmpty?(data: T): boolean;
  /** What stands in while there is no answer yet. */
  loading?: ReactNode;
  retry?: boolean;
  /** A refetch that fails leaves the last answer on screen instead of the error. */
  keepData?: boolean;
  children(data: T): ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isError && !(keepData && query.data))
    return (
      <ErrorState
        message={errorText(query.error, t)}
        onRetry={retry ? () => void query.refetch() : undefined}
      />
    );
  // Offline with nothing known yet: say so instead of loading forever (issue 17, item 3).
  if (!query.data && query.fetchStatus === 'paused')
    return (
      <ErrorState message={t('offline.pending')} onRetry={retry ? () => void query.refetch() : undefined} />
    );
  if (!query.data) return loading;
  if (empty && isEmpty(query.data)) return <EmptyState {...empty} />;
  return children(query.data);
}
