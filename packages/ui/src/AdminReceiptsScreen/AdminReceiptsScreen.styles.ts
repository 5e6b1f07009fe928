import styled from 'styled-components';
import { cluster, outlined, plainList, stack } from '../theme';

export const List = styled.ul`
  ${plainList}
  ${stack(4)}
`;

/** One receipt: its image beside the transfer's facts and the decision; stacked on a phone. */
export const Receipt = styled.li`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(4)};
  ${outlined('md', 'surface')}
  @media (min-width: 720px) {
    grid-template-columns: 148px minmax(0, 1fr);
  }
`;

/** The receipt's image as a button that enlarges it, or the box that says there is none. */
export const Thumb = styled.button`
  display: grid;
  place-items: center;
  inline-size: 148px;
  block-size: 200px;
  padding: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  cursor: zoom-in;
  overflow: hidden;
  img {
    inline-size: 100%;
    block-size: 100%;
    object-fit: contain;
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

export const NoImage = styled.div`
  ${stack(2)}
  place-content: center;
  justify-items: center;
  inline-size: 148px;
  block-size: 200px;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-align: center;
`;

export const Body = styled.div`
  ${stack(3)}
  min-inline-size: 0;
  header {
    ${cluster(2)}
    justify-content: space-between;
    align-items: baseline;
  }
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: 800;
  }
  header p {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

/** The transfer's facts, two or three a row. */
export const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  & > div {
    ${stack(1)}
    align-content: start;
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
  dd small {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 400;
  }
`;

/** The amount expected stands out: it is what the operator looks for in the bank account. */
export const Amount = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 800;
  color: ${({ theme }) => theme.colors.accent};
`;

export const Decision = styled.div`
  ${cluster(2)}
`;

/** The enlarged receipt in its dialog, as large as the viewport lets it be. */
export const Large = styled.img`
  display: block;
  max-inline-size: 100%;
  max-block-size: 70vh;
  margin-inline: auto;
  object-fit: contain;
`;

/** A placeholder of a receipt while the first answer comes. */
export const Placeholder = styled.li`
  display: grid;
  grid-template-columns: 148px minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(4)};
  ${outlined('md', 'surface')}
  > div {
    ${stack(3)}
  }
`;
