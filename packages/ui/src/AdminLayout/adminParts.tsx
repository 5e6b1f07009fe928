/**
 * The console's layout pieces: panels, form grids and action rows, a row's buttons and its on/off
 * badge, and a block of machine text.
 * The kit's components have a folder each: AdminPageHeader, AdminDataTable, AdminListScreen,
 * AdminDialog, AdminNotice, AdminField, AdminShownOnce, and AdminStory for the stories.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { StateBadge, type BadgeLook } from '../Badge';
import { Button, type ButtonProps } from '../Button';
import { cluster, media, outlined, stack } from '../theme';

/** A white panel of the console. */
export const AdminPanel = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  ${outlined('lg')}
  padding: ${({ theme }) => theme.space(4)};
  ${stack(4)}
  align-content: start;
  min-inline-size: 0;
  ${media.md} {
    padding: ${({ theme }) => theme.space(6)};
  }
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: 800;
  }
`;

/** Form fields in one column, two from 768 px; `$wide` children span both. */
export const FormGrid = styled.div`
  ${stack(4)}
  align-items: start;
  ${media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    > [data-wide] {
      grid-column: 1 / -1;
    }
  }
`;

export const FormActions = styled.div`
  ${cluster(3)}
`;

/** Buttons side by side in a table cell. */
export const RowActions = styled.div`
  ${cluster(2)}
`;

export interface RowButtonProps extends Omit<ButtonProps, 'children' | 'size' | 'aria-label'> {
  /** What it does (Edit, Remove). */
  label: string;
  /** The row it acts on, named for assistive technology: "Edit: Basic". */
  row: string;
}

/** A small button in a table row, secondary unless told otherwise. */
export function RowButton({ label, row, variant = 'secondary', ...rest }: RowButtonProps) {
  return (
    <Button size="sm" variant={variant} aria-label={`${label}: ${row}`} {...rest}>
      {label}
    </Button>
  );
}

const ACTIVE_LOOKS: Record<'active' | 'inactive', BadgeLook> = {
  active: ['success', 'check'],
  inactive: ['neutral', 'ban'],
};

/** Whether a plan or a server is offered: Active or Inactive. */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation('admin');
  const state = active ? 'active' : 'inactive';
  return (
    <StateBadge state={state} looks={ACTIVE_LOOKS}>
      {t(`common.${state}`)}
    </StateBadge>
  );
}

const PROTECTION_LOOKS: Record<'on' | 'off', BadgeLook> = {
  on: ['success', 'shieldCheck'],
  off: ['warning', 'alert'],
};

/** A protection's state (one-time codes, Message-Authenticator): on, or off as a warning. */
export function ProtectionBadge({ on, children }: { on: boolean; children: ReactNode }) {
  return (
    <StateBadge state={on ? 'on' : 'off'} looks={PROTECTION_LOOKS}>
      {children}
    </StateBadge>
  );
}

/** A monospace block of machine text (a token, a config file), always left to right; it scrolls, so it takes focus. */
export const CodeBlock = styled.pre.attrs({ dir: 'ltr', tabIndex: 0 })`
  text-align: start;
  margin: 0;
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.5;
  max-block-size: 220px;
  overflow: auto;
  white-space: pre;
`;
