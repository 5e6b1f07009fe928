import styled, { css } from 'styled-components';
import { media, outlined, stack } from '../theme';

export const Wrap = styled.div`
  inline-size: 100%;
`;

/** A table's caption over it, at its start. */
export const captionAbove = css`
  caption {
    text-align: start;
    font-weight: 700;
    padding-block-end: ${({ theme }) => theme.space(3)};
  }
`;

/** A caption kept for assistive technology only (the screen's heading names the table). */
export const captionUnseen = css`
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

/** A table on wide screens; below 768 px every row becomes a card of label–value lines. */
export const StyledTable = styled.table`
  inline-size: 100%;
  border-collapse: separate;
  border-spacing: 0;
  ${captionAbove}
  th,
  td {
    text-align: start;
    padding-block: ${({ theme }) => theme.space(3)};
    padding-inline: ${({ theme }) => theme.space(4)};
    vertical-align: middle;
  }
  thead th {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 700;
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
  tbody tr {
    background: ${({ theme }) => theme.colors.surface};
  }
  tbody td {
    border-block-start: 1px solid ${({ theme }) => theme.colors.border};
  }
  @media (max-width: 767.98px) {
    thead {
      position: absolute;
      inline-size: 1px;
      block-size: 1px;
      overflow: hidden;
      clip: rect(0, 0, 0, 0);
    }
    tbody,
    tr,
    td {
      display: block;
    }
    tbody {
      ${stack(3)}
    }
    tr {
      ${outlined('md')}
      padding-block: ${({ theme }) => theme.space(2)};
    }
    tbody td {
      display: flex;
      justify-content: space-between;
      gap: ${({ theme }) => theme.space(3)};
      border: 0;
      padding-block: ${({ theme }) => theme.space(2)};
    }
    tbody td::before {
      content: attr(data-label);
      color: ${({ theme }) => theme.colors.textMuted};
      font-weight: 600;
    }
  }
  ${media.md} {
    ${outlined('md')}
    overflow: hidden;
  }
`;
