import styled from 'styled-components';
import { captionUnseen } from '../Table/Table.styles';
import { outlined, stack } from '../theme';

export const Stack = styled.div`
  ${stack(5)}
  min-inline-size: 0;
`;

export const Cell = styled.div`
  display: grid;
  gap: 2px;
  small {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
`;

/** An in-app link in a table cell (the account's page). */
export const RowLink = styled.span`
  white-space: nowrap;
  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 700;
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
`;

/** The account's facts, two to four a row. */
export const Facts = styled.dl`
  ${stack(3)}
  grid-template-columns: 1fr;
  @media (min-width: 640px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  @media (min-width: 1024px) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  margin: 0;
  & > div {
    ${stack(1)}
    align-content: start;
    padding: ${({ theme }) => theme.space(4)};
    ${outlined('md', 'surface')}
    min-inline-size: 0;
  }
  dt {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
  }
  dd {
    margin: 0;
    font-weight: 700;
    overflow-wrap: anywhere;
  }
`;

export const Section = styled.section`
  ${stack(3)}
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: 800;
  }
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A table under a section heading that already names it: the caption stays for assistive technology only. */
export const Quiet = styled.div`
  ${captionUnseen}
`;

/** A long reference (a bank's, a gateway's) kept narrow in a table: it wraps anywhere. */
export const LongRef = styled.span`
  display: inline-block;
  max-inline-size: 18ch;
  overflow-wrap: anywhere;
  && bdi {
    overflow-wrap: anywhere;
  }
`;
