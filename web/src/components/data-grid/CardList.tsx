import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/EmptyState';
import { Icon } from '@/components/ui/Icon';
import { LoadFailed } from '@/components/ui/LoadFailed';
import type { QueryValue } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import type { ListSort, ListSource } from '@/lib/list';

export interface CardListProps<Row> {
  label: string;
  source: ListSource<Row>;
  /**
   * The pages' place in the query cache, e.g. `['orders', path, 'cards']`: two lists must not share pages, and the
   * feature's invalidations (a refund invalidates `['orders']`) refresh the cards too.
   */
  cacheKey: readonly unknown[];
  getRowId: (row: Row) => string;
  search?: string;
  filter?: Record<string, QueryValue>;
  sort?: ListSort;
  itemsPerPage?: number;
  /** The card's content: the few facts that tell one record from another; it is also the button's accessible name. */
  renderCard: (row: Row) => ReactNode;
  onOpen: (row: Row) => void;
  emptyMessage: string;
  filtered?: boolean;
  onClearSearch?: () => void;
}

/**
 * A list as cards, for a phone: the same list contract, search, filters and pages as the
 * DataGrid, but one card per record, read top to bottom instead of a grid scrolled sideways.
 * Each card is one button that opens the record.
 */
export function CardList<Row>({
  label,
  source,
  cacheKey,
  getRowId,
  search,
  filter,
  sort,
  itemsPerPage = 25,
  renderCard,
  onOpen,
  emptyMessage,
  filtered,
  onClearSearch,
}: CardListProps<Row>) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [page, setPage] = useState({ key: '', number: 1 });
  const key = JSON.stringify([search ?? '', filter ?? {}, sort ?? null]);
  // Another search or filter starts on its first page.
  const number = page.key === key ? page.number : 1;
  const query = useQuery({
    queryKey: [...cacheKey, key, number, itemsPerPage],
    queryFn: ({ signal }) => source({ search, filter, sort, page: number, itemsPerPage }, signal),
    placeholderData: (previous) => previous,
  });
  const goTo = (wanted: number) => setPage({ key, number: wanted });
  const searchText = search?.trim() ?? '';

  if (query.isError) {
    return (
      <section className="card-list" aria-label={label} data-state="failed" role="alert">
        <LoadFailed onRetry={() => void query.refetch()} />
      </section>
    );
  }
  if (!query.data) {
    return (
      <section className="card-list" aria-label={label} data-state="loading" aria-busy="true">
        <span className="visually-hidden" role="status">
          {t('grid.loading')}
        </span>
        {Array.from({ length: 3 }, (_, index) => (
          <div key={index} className="card-list__skeleton">
            <span className="skeleton__line" />
          </div>
        ))}
      </section>
    );
  }
  const { rows, total } = query.data;
  if (total === 0) {
    return (
      <section className="card-list" aria-label={label} data-state="empty">
        {searchText || filtered ? (
          <EmptyState
            title={searchText ? t('grid.noResults', { search: searchText }) : t('grid.noResultsFiltered')}
            message={t('grid.noResultsHint')}
            action={
              onClearSearch && (
                <button type="button" className="button" onClick={onClearSearch}>
                  {t('grid.clearSearch')}
                </button>
              )
            }
          />
        ) : (
          <EmptyState title={emptyMessage} />
        )}
      </section>
    );
  }
  const lastPage = Math.max(1, Math.ceil(total / itemsPerPage));
  const from = (number - 1) * itemsPerPage + 1;
  return (
    <section className="card-list" aria-label={label} data-state={query.isFetching ? 'loading' : 'ready'}>
      <ul className="card-list__items">
        {rows.map((row) => (
          <li key={getRowId(row)}>
            {/* Named by what it shows (no aria-label: the visible text is the name, WCAG 2.5.3). */}
            <button type="button" className="record-card" onClick={() => onOpen(row)}>
              {renderCard(row)}
            </button>
          </li>
        ))}
      </ul>
      <div className="data-grid__footer">
        <p className="data-grid__range" aria-live="polite">
          {t('grid.range', {
            from: formatCount(from, language),
            to: formatCount(from + rows.length - 1, language),
            total: formatCount(total, language),
          })}
        </p>
        {lastPage > 1 && (
          <nav className="pager" aria-label={t('grid.pages', { label })}>
            <button type="button" className="button button--small" disabled={number <= 1 || query.isFetching} onClick={() => goTo(number - 1)}>
              <Icon name="chevronLeft" size={16} />
              <span className="pager__text">{t('grid.previous')}</span>
            </button>
            <span className="pager__position">
              {t('grid.pageOf', { page: formatCount(number, language), pages: formatCount(lastPage, language) })}
            </span>
            <button
              type="button"
              className="button button--small"
              disabled={number >= lastPage || query.isFetching}
              onClick={() => goTo(number + 1)}
            >
              <span className="pager__text">{t('grid.next')}</span>
              <Icon name="chevronRight" size={16} />
            </button>
          </nav>
        )}
      </div>
    </section>
  );
}
