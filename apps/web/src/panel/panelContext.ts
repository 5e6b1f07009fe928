import { useOutletContext } from 'react-router-dom';

export interface PanelContext {
  logout(): void;
}

export function usePanel(): PanelContext {
  return useOutletContext<PanelContext>();
}
