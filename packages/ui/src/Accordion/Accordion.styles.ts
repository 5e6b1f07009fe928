import styled from 'styled-components';

export const Root = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

export const Item = styled.div<{ $open: boolean }>`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme, $open }) => ($open ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  overflow: hidden;
`;

export const Trigger = styled.button`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(4)};
  inline-size: 100%;
  min-block-size: 56px;
  padding-inline: ${({ theme }) => theme.space(5)};
  padding-block: ${({ theme }) => theme.space(3)};
  background: transparent;
  border: 0;
  color: ${({ theme }) => theme.colors.text};
  font-weight: 700;
  font-size: ${({ theme }) => theme.fontSizes.md};
  text-align: start;
  cursor: pointer;
  svg {
    transition: transform 0.2s ease;
  }
  &[aria-expanded='true'] svg {
    transform: rotate(180deg);
  }
`;

/** The answer: at most 500 px tall (SPEC §2), scrolling beyond. */
export const Panel = styled.div`
  max-block-size: 500px;
  overflow-y: auto;
  padding-inline: ${({ theme }) => theme.space(5)};
  padding-block-end: ${({ theme }) => theme.space(5)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The heading around each trigger: a heading for the outline, sized and spaced by the trigger. */
export const ItemHeading = styled.h3`
  margin: 0;
  font-size: inherit;
`;
