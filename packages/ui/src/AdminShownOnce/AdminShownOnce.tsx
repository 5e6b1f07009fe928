import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../CopyButton';
import { Ltr } from '../Layout';
import { stack } from '../theme';

/** The secret shown once: large, monospace, left to right. */
const Secret = styled.div`
  ${stack(3)}
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1.5px dashed ${({ theme }) => theme.colors.warning};
  background: ${({ theme }) => theme.colors.warningSoft};
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: 700;
    color: ${({ theme }) => theme.colors.text};
    overflow-wrap: anywhere;
  }
  p {
    color: ${({ theme }) => theme.colors.warning};
    font-weight: 600;
  }
`;

export interface ShownOnceProps {
  /** What it is ("New password of sp482913"). */
  label: ReactNode;
  value: string;
}

/** A secret the server shows once (a password): written left to right, with a copy button and a warning. */
export function ShownOnce({ label, value }: ShownOnceProps) {
  const { t } = useTranslation('admin');
  return (
    <Secret>
      <strong>{label}</strong>
      <code>
        <Ltr>{value}</Ltr>
      </code>
      <p>{t('common.shownOnce')}</p>
      <div>
        <CopyButton text={value} label={t('common.copy')} copiedLabel={t('common.copied')} size="sm" />
      </div>
    </Secret>
  );
}
