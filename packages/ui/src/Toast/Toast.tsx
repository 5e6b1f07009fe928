import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Icon } from '../icons';

const Root = styled.div<{ $visible: boolean }>`
  position: fixed;
  inset-block-end: ${({ theme }) => theme.space(6)};
  inset-inline: 0;
  margin-inline: auto;
  inline-size: fit-content;
  max-inline-size: calc(100vw - 32px);
  z-index: ${({ theme }) => theme.zIndex.toast};
  display: ${({ $visible }) => ($visible ? 'inline-flex' : 'none')};
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding-block: ${({ theme }) => theme.space(3)};
  padding-inline: ${({ theme }) => theme.space(5)};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.text};
  color: ${({ theme }) => theme.colors.surface};
  font-weight: 600;
  box-shadow: ${({ theme }) => theme.shadows.lg};
`;

export interface ToastProps {
  visible: boolean;
  children: ReactNode;
}

/** A short confirmation announced politely; the live region stays in the page so that it is read. */
export function Toast({ visible, children }: ToastProps) {
  return (
    <div role="status" aria-live="polite">
      <Root $visible={visible}>
        {visible ? (
          <>
            <Icon name="check" size={18} />
            {children}
          </>
        ) : null}
      </Root>
    </div>
  );
}
