import styled from 'styled-components';
import { DisclosureButton } from '../Disclosure';
import { stack } from '../theme';

export const Root = styled.div`
  ${stack(3)}
`;

export const Item = styled.div<{ $open: boolean }>`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme, $open }) => ($open ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  overflow: hidden;
`;

export const Trigger = styled(DisclosureButton)`
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(4)};
  min-block-size: 56px;
  padding-inline: ${({ theme }) => theme.space(5)};
  padding-block: ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 700;
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

/** The answer: at most 500 px tall (SPEC §2), scrolling beyond. */
export const Panel = styled.div`
  max-block-size: 500px;
  overflow-y: auto;
  padding-inline: ${({ theme }) => theme.space(5)};
  padding-block-end: ${({ theme }) => theme.space(5)};
  color: ${({ theme }) => theme.colors.textMuted};
`;
