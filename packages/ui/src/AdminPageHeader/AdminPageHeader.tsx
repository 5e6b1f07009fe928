import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../Button';
import { ErrorView } from '../ErrorView';
import { Spinner } from '../Spinner';
import { Actions, Head, TitleLine } from './AdminPageHeader.styles';

export interface AdminPageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Beside the title (a status badge). */
  badge?: ReactNode;
  /** A link back to the list. */
  back?: { to: string; label: string };
  /** At the end of the row: the screen's main actions (New plan, Reconcile). */
  actions?: ReactNode;
}

/** A console screen's heading: back link, title and badge, what it shows, and its main actions. */
export function AdminPageHeader({ title, subtitle, badge, back, actions }: AdminPageHeaderProps) {
  return (
    <Head>
      <div>
        {back ? (
          <Button to={back.to} variant="ghost" size="sm" icon="arrowBack">
            {back.label}
          </Button>
        ) : null}
        <TitleLine>
          <h1>{title}</h1>
          {badge}
        </TitleLine>
        {subtitle ? <p>{subtitle}</p> : null}
      </div>
      {actions ? <Actions>{actions}</Actions> : null}
    </Head>
  );
}

/** What a record's screen (an account's, an order's) is given besides the record. */
export interface AdminRecordProps {
  status: 'loading' | 'error' | 'ready';
  onRetry(): void;
  /** The list it was opened from (with the container's last query). */
  backTo: string;
}

export interface AdminPagePendingProps extends AdminRecordProps {
  /** The key of its texts under `admin.`: detailTitle, back, loadingOne, loadOneError. */
  texts: 'users' | 'orders';
}

/** A record's screen until the record is here: the heading with its back link, then the spinner or the error. */
export function AdminPagePending({ texts, status, onRetry, backTo }: AdminPagePendingProps) {
  const { t } = useTranslation('admin');
  return (
    <>
      <AdminPageHeader title={t(`${texts}.detailTitle`)} back={{ to: backTo, label: t(`${texts}.back`) }} />
      {status === 'error' ? (
        <ErrorView title={t(`${texts}.loadOneError`)} retryLabel={t('common.retry')} onRetry={onRetry} />
      ) : (
        <Spinner block label={t(`${texts}.loadingOne`)} />
      )}
    </>
  );
}
