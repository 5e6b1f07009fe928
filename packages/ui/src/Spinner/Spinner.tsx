import { useTranslation } from 'react-i18next';
import { Block, Ring, Wrap } from './Spinner.styles';

export interface SpinnerProps {
  size?: number;
  /** What is loading; read by screen readers (and shown in the block variant). */
  label?: string;
  /** A centred block with a visible label, for a whole screen or section. */
  block?: boolean;
}

/** A loading indicator announced politely to assistive technology. */
export function Spinner({ size = 20, label, block = false }: SpinnerProps) {
  const { t } = useTranslation('common');
  const text = label ?? t('status.loading');
  if (block) {
    return (
      <Block role="status" aria-live="polite">
        <Ring $size={Math.max(size, 32)} aria-hidden="true" />
        <span>{text}</span>
      </Block>
    );
  }
  return (
    <Wrap role="status" aria-label={text}>
      <Ring $size={size} aria-hidden="true" />
    </Wrap>
  );
}
