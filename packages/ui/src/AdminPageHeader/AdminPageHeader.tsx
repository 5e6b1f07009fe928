import type { ReactNode } from 'react';
import { Button } from '../Button';
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
