import styled from 'styled-components';

/** The questions in a readable measure, centred. */
export const Narrow = styled.div`
  max-inline-size: 840px;
  margin-inline: auto;
`;
