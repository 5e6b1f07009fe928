import styled from 'styled-components';

/** The changed fields, one a line: field, before (struck), arrow, after. */
export const Changes = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space(1)};
  }
  li > span:first-child {
    font-weight: 700;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  del,
  ins {
    padding-inline: ${({ theme }) => theme.space(1)};
    border-radius: ${({ theme }) => theme.radii.sm};
    font-family: ${({ theme }) => theme.fonts.mono};
    overflow-wrap: anywhere;
  }
  del {
    background: ${({ theme }) => theme.colors.dangerSoft};
    color: ${({ theme }) => theme.colors.danger};
  }
  ins {
    text-decoration: none;
    background: ${({ theme }) => theme.colors.successSoft};
    color: ${({ theme }) => theme.colors.success};
  }
  svg {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
