import styled from 'styled-components';

/** A card number in four groups of four, left to right, in the monospace font. */
export const CardNumber = styled.bdi`
  direction: ltr;
  unicode-bidi: isolate;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-weight: 700;
  white-space: nowrap;
  letter-spacing: 0.02em;
`;

/** A row's buttons side by side (enable or disable, remove). */
export const Actions = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;
