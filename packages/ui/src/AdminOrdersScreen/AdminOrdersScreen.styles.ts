import styled from 'styled-components';
import { cluster, outlined, plainList, stack } from '../theme';

/** The reconciliation's counts, one tile each; those above zero stand out. */
export const Summary = styled.section`
  ${stack(3)}
  padding: ${({ theme }) => theme.space(4)};
  ${outlined('md', 'surface')}
  header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space(3)};
  }
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: 800;
  }
  dl {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
    gap: ${({ theme }) => theme.space(2)};
    margin: 0;
  }
  dl > div {
    display: grid;
    gap: 2px;
    padding: ${({ theme }) => theme.space(3)};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
  dt {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
    font-weight: 800;
  }
  [data-key='completed'][data-nonzero] dd {
    color: ${({ theme }) => theme.colors.success};
  }
  [data-key='errors'][data-nonzero] dd,
  [data-key='unknown'][data-nonzero] dd {
    color: ${({ theme }) => theme.colors.danger};
  }
`;

/** The order's history, oldest first, as a list of steps. */
export const Timeline = styled.ol`
  display: grid;
  gap: 0;
  ${plainList}
  ${outlined('md', 'surface')}
  li {
    ${cluster(2)}
    align-items: center;
    padding-block: ${({ theme }) => theme.space(3)};
    padding-inline: ${({ theme }) => theme.space(4)};
  }
  li + li {
    border-block-start: 1px solid ${({ theme }) => theme.colors.border};
  }
  time {
    min-inline-size: 190px;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** The hand completion: the bank reference and the button, side by side when there is room. */
export const CompleteForm = styled.form`
  ${cluster(3)}
  align-items: flex-start;
  padding: ${({ theme }) => theme.space(4)};
  ${outlined('md', 'surface')}
  > p {
    flex-basis: 100%;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  > button {
    margin-block-start: 26px;
  }
`;
