import styled from 'styled-components';
import { cluster, stack } from '../theme';

export const Form = styled.form`
  ${stack(5)}
`;

export const SaveBar = styled.div`
  ${cluster(4)}
  align-items: center;
`;

export const Skeletons = styled.div`
  ${stack(5)}
`;
