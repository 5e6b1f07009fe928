import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTheme } from 'styled-components';
import { List, Tab } from './Tabs.styles';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
}

export interface TabsProps<T extends string> {
  items: TabItem<T>[];
  value: T;
  onChange(id: NoInfer<T>): void;
  /** The tab list's accessible name. */
  label: string;
  /** Prefix of the tab and panel ids, so that a panel can name its tab. */
  idPrefix: string;
}

/** The tab id and panel id of a tab. */
export const tabIds = (prefix: string, id: string) => ({ tab: `${prefix}-tab-${id}`, panel: `${prefix}-panel-${id}` });

/** Tabs with the WAI-ARIA keyboard model; arrow keys follow the reading direction. */
export function Tabs<T extends string>({ items, value, onChange, label, idPrefix }: TabsProps<T>) {
  const theme = useTheme();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const move = (index: number) => {
    const next = (index + items.length) % items.length;
    const item = items[next];
    if (!item) return;
    onChange(item.id);
    refs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const forward = theme.dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = theme.dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward) move(index + 1);
    else if (event.key === backward) move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else return;
    event.preventDefault();
  };
  return (
    <List role="tablist" aria-label={label}>
      {items.map((item, index) => {
        const selected = item.id === value;
        const ids = tabIds(idPrefix, item.id);
        return (
          <Tab
            key={item.id}
            ref={(node) => {
              refs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={ids.tab}
            aria-selected={selected}
            aria-controls={ids.panel}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(item.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {item.label}
          </Tab>
        );
      })}
    </List>
  );
}
