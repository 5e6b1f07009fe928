/**
 * `AdminDataTable<Row>`: the console's one table, for a list the server searches, sorts and pages
 * and for the short lists answered whole (`paginated={false}`). Give it the `AdminPage<Row>` the
 * API answered (`data`), the `AdminListQuery` asked (`query`) and `onQueryChange`; columns with
 * `sort: { sort: 'createdAt', firstDir: 'desc' }` get a sorting header (`aria-sort`). It reports a
 * search at each keystroke (`q`, back to page 1): debounce in the container. `status` 'loading'
 * without rows shows skeleton rows, 'error' an ErrorView with `onRetry`, no rows the empty state
 * (with "Clear filters" when `query.q` is set or `onClearFilters` given). `filters` go beside the
 * search box. A whole list (`wholePage(rows)`) needs no query handler.
 */
export { AdminDataTable, type AdminColumn, type AdminDataTableProps } from './AdminDataTable';
export { wholePage, type SortSpec } from './adminTable';
