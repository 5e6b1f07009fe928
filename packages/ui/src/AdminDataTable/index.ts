/**
 * The admin's building blocks, for every admin screen:
 *
 * - `AdminDataTable<Row>`: a list the server searches, sorts and pages. Give it the `AdminPage<Row>`
 *   the API answered (`data`), the `AdminListQuery` asked (`query`) and `onQueryChange`; columns with
 *   `sort: { sort: 'createdAt', firstDir: 'desc' }` get a sorting header (`aria-sort`). It reports a
 *   search at each keystroke (`q`, back to page 1): debounce in the container. `status` 'loading'
 *   without rows shows skeleton rows, 'error' an ErrorView with `onRetry`, no rows the empty state
 *   (with "Clear filters" when `query.q` is set or `onClearFilters` given). `filters` go beside the
 *   search box; `paginated={false}` for the lists answered whole.
 * - `AdminInput`, `AdminSelect`: compact labelled controls for toolbars and dialogs.
 * - `AdminDialog`: a confirmation or small form in a modal (busy, error, danger tone).
 * - `ShownOnce`: a secret shown once with a copy button (passwords).
 * - `adminErrorText(error)`: the message of a rejected action (a string, an Error, RTK Query's
 *   `{ data: { message } }`), or null.
 */
export { AdminDataTable, type AdminColumn, type AdminDataTableProps } from './AdminDataTable';
export {
  AdminAlert,
  AdminDialog,
  AdminInput,
  AdminSelect,
  ShownOnce,
  type AdminDialogProps,
  type AdminInputProps,
  type AdminSelectProps,
  type ShownOnceProps,
} from './AdminControls';
export { errorText as adminErrorText, type SortSpec } from './adminTable';
export { AdminHead, type AdminHeadProps } from './AdminHead';
