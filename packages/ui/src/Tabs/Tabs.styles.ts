import styled from 'styled-components';

export const List = styled.div`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(1)};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.pill};
  max-inline-size: 100%;
`;

export const Tab = styled.button<{ $selected: boolean }>`
  border: 0;
  border-radius: ${({ theme }) => theme.radii.pill};
  padding-block: ${({ theme }) => theme.space(2)};
  padding-inline: ${({ theme }) => theme.space(5)};
  min-block-size: 44px;
  font-weight: 700;
  cursor: pointer;
  background: ${({ theme, $selected }) => ($selected ? theme.colors.primary : 'transparent')};
  color: ${({ theme, $selected }) => ($selected ? theme.colors.onPrimary : theme.colors.text)};
  box-shadow: ${({ theme, $selected }) => ($selected ? theme.shadows.sm : 'none')};
  &:hover {
    background: ${({ theme, $selected }) => ($selected ? theme.colors.primaryHover : theme.colors.surface)};
  }
`;
