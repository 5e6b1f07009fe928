import styled from 'styled-components';

export const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
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
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  grid-template-columns: 1fr;
  @media (min-width: 640px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  @media (min-width: 1024px) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  margin: 0;
  & > div {
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
    align-content: start;
    padding: ${({ theme }) => theme.space(4)};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surface};
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
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
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
  caption {
    position: absolute;
    inline-size: 1px;
    block-size: 1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0, 0, 0, 0);
    white-space: nowrap;
  }
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
