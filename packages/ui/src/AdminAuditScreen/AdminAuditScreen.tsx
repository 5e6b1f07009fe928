import { useTranslation } from 'react-i18next';
import type { AdminAuditEntry } from '@separ/domain';
import { Cell } from '../AdminDataTable/AdminScreen.styles';
import { AdminListScreen, type AdminListProps } from '../AdminListScreen';
import { Badge } from '../Badge';
import { useFormat } from '../format';
import { Icon } from '../icons';
import { Ltr, VisuallyHidden } from '../Layout';
import { Changes } from './AdminAuditScreen.styles';
import { auditDiff, auditValue } from './auditDiff';
import { auditActionLabel } from './auditLabel';

/** `GET /api/admin/audit`: search (operator, action or target), sort (`at`), page and page size. */
export type AdminAuditScreenProps = AdminListProps<AdminAuditEntry>;

/** The changes at most shown a row; the rest are counted. */
const MAX_CHANGES = 6;

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** What one entry changed, field by field: before → after (times in the language's calendar). */
function Diff({ entry }: { entry: AdminAuditEntry }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const show = (value: unknown) =>
    typeof value === 'string' && ISO_TIME.test(value) ? format.dateTime(value) : <Ltr>{auditValue(value)}</Ltr>;
  const changes = auditDiff(entry.before, entry.after);
  if (changes.length === 0) return <>{t('audit.noChange')}</>;
  const shown = changes.slice(0, MAX_CHANGES);
  return (
    <Changes>
      {shown.map((change) => (
        <li key={change.field || '-'}>
          {change.field ? (
            <span>
              <Ltr>{change.field}</Ltr>
            </span>
          ) : null}
          {change.kind !== 'added' ? (
            <del>
              <VisuallyHidden>{t('audit.before')}</VisuallyHidden>
              {show(change.before)}
            </del>
          ) : (
            <Badge tone="success">{t('audit.added')}</Badge>
          )}
          <Icon name="arrowForward" size={14} />
          {change.kind !== 'removed' ? (
            <ins>
              <VisuallyHidden>{t('audit.after')}</VisuallyHidden>
              {show(change.after)}
            </ins>
          ) : (
            <Badge tone="danger">{t('audit.removed')}</Badge>
          )}
        </li>
      ))}
      {changes.length > MAX_CHANGES ? (
        <li>{t('audit.more', { count: changes.length - MAX_CHANGES, n: changes.length - MAX_CHANGES })}</li>
      ) : null}
    </Changes>
  );
}

/** The audit log: who changed what, when, and each change's before → after, searchable. */
export function AdminAuditScreen(list: AdminAuditScreenProps) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  return (
    <AdminListScreen
      texts="audit"
      {...list}
      emptyIcon="receipt"
      rowKey={(row) => String(row.id)}
      columns={[
        {
          key: 'at',
          header: t('audit.columns.at'),
          sort: { sort: 'at', firstDir: 'desc' },
          cell: (row) => format.dateTime(row.at),
        },
        {
          key: 'operator',
          header: t('audit.columns.operator'),
          cell: (row) => (
            <Cell>
              <Ltr>{row.operator}</Ltr>
              {row.operator.endsWith('@cli') ? <small>{t('audit.cli')}</small> : null}
            </Cell>
          ),
        },
        {
          key: 'action',
          header: t('audit.columns.action'),
          cell: (row) => {
            // Every action the server writes (AUDIT_ACTIONS) has a label; an unknown one shows its code.
            const label = auditActionLabel(row.action, t);
            return (
              <Cell>
                {label !== null ? (
                  <>
                    <span>{label}</span>
                    <small>
                      <Ltr>{row.action}</Ltr>
                    </small>
                  </>
                ) : (
                  <Ltr>{row.action}</Ltr>
                )}
              </Cell>
            );
          },
        },
        { key: 'target', header: t('audit.columns.target'), cell: (row) => <Ltr>{row.target}</Ltr> },
        { key: 'changes', header: t('audit.columns.changes'), cell: (row) => <Diff entry={row} /> },
      ]}
    />
  );
}
