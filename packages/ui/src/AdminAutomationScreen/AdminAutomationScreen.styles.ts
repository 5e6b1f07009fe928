import styled from 'styled-components';
import { cluster } from '../theme';

/** A section's heading and its text, with its add button at the end. */
export const SectionHead = styled.div`
  ${cluster(3)}
  justify-content: space-between;
  align-items: flex-end;
  p {
    color: ${({ theme }) => theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
`;

/** A row's buttons. */
export const Actions = styled.div`
  ${cluster(2)}
`;

/** A webhook's events, as badges. */
export const EventList = styled.ul`
  ${cluster(1)}
  list-style: none;
  margin: 0;
  padding: 0;
`;

/** The events to choose, under their legend. */
export const Events = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  legend {
    font-weight: 600;
    margin-block-end: ${({ theme }) => theme.space(2)};
  }
`;
