import styled from 'styled-components';
import { cluster, plainList, stack } from '../theme';

/** The changed fields, one a line: field, before (struck), arrow, after. */
export const Changes = styled.ul`
  ${stack(1)}
  ${plainList}
  font-size: ${({ theme }) => theme.fontSizes.sm};
  li {
    ${cluster(1)}
    align-items: center;
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
