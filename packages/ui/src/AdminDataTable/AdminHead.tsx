import type { ReactNode } from 'react';
import { Button } from '../Button';
import { Head, TitleLine } from './AdminScreen.styles';

export interface AdminHeadProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Beside the title (a status badge). */
  badge?: ReactNode;
  /** A link back to the list. */
  back?: { to: string; label: string };
  /** At the end of the row (the screen's main action). */
  action?: ReactNode;
}

/** An admin screen's heading: back link, title and badge, what it shows, and its main action. */
export function AdminHead({ title, subtitle, badge, back, action }: AdminHeadProps) {
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
      {action ? <div>{action}</div> : null}
    </Head>
  );
}
