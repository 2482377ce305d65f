import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../data/errors.ts';
import { EmptyState, ErrorState, LoadingBlock } from './home-ui.tsx';

/** What QueryView reads of a TanStack query result. */
interface QueryLike<T> {
  data: T | undefined;
  isError: boolean;
  error: unknown;
  refetch(): unknown;
}

/**
 * A query's answer, or what stands in its place: the error (with a retry unless `retry` is false),
 * the loading block, or the `empty` state when the answer is an empty list.
 */
export function QueryView<T>({
  query,
  empty,
  retry = true,
  children,
}: {
  query: QueryLike<T>;
  /** The empty state shown instead of `children` for an empty list. */
  empty?: ComponentProps<typeof EmptyState>;
  retry?: boolean;
  children(data: T): ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isError)
    return (
      <ErrorState
        message={errorText(query.error, t)}
        onRetry={retry ? () => void query.refetch() : undefined}
      />
    );
  if (!query.data) return <LoadingBlock />;
  if (empty && Array.isArray(query.data) && query.data.length === 0) return <EmptyState {...empty} />;
  return children(query.data);
}
