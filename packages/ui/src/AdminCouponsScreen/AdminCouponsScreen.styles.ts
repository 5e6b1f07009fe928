import styled from 'styled-components';
import { stack } from '../theme';

/** A code as typed by buyers: left to right, in the monospace font. */
export const CodeText = styled.bdi`
  direction: ltr;
  unicode-bidi: isolate;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-weight: 700;
  white-space: nowrap;
`;

/** A code's limits, one a line, small. */
export const Limits = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 2px;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  min-inline-size: 12rem;
`;

/** The header's two buttons (a new code, gift codes). */
export const HeaderActions = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

/** Two fields side by side on a wide dialog (the kind and its value, the dates). */
export const Pair = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr));
  align-items: start;
`;

/** The plans a code is for: a check box each. */
export const PlanChoices = styled.fieldset`
  ${stack(2)}
  margin: 0;
  padding: 0;
  border: 0;
  min-inline-size: 0;
  legend {
    padding: 0;
    margin-block-end: ${({ theme }) => theme.space(2)};
    font-weight: 600;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  > div {
    display: grid;
    gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
    grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
`;

/** The gift codes, shown once: a dashed warning box with the codes one a line, left to right. */
export const IssuedCodes = styled.div`
  ${stack(3)}
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1.5px dashed ${({ theme }) => theme.colors.warning};
  background: ${({ theme }) => theme.colors.warningSoft};
  ol {
    margin: 0;
    padding: 0;
    list-style: none;
    direction: ltr;
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
    max-block-size: 16rem;
    overflow-y: auto;
  }
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.md};
    font-weight: 700;
    color: ${({ theme }) => theme.colors.text};
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.warning};
    font-weight: 600;
  }
`;
