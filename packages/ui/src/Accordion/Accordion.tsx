import { useId, useState, type ReactNode } from 'react';
import { Icon } from '../icons';
import { Item, ItemHeading, Panel, Root, Trigger } from './Accordion.styles';

export interface AccordionItem {
  id: string;
  title: ReactNode;
  content: ReactNode;
}

export interface AccordionProps {
  items: AccordionItem[];
  /** Items open at first; several may be open at once. */
  defaultOpen?: string[];
  /** The heading level of the item titles. */
  headingLevel?: 2 | 3 | 4;
}

/** Disclosure items, several open at once, each answer at most 500 px tall. */
export function Accordion({ items, defaultOpen = [], headingLevel = 3 }: AccordionProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(defaultOpen));
  const base = useId();
  const Heading = `h${headingLevel}` as const;
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Root>
      {items.map((item) => {
        const isOpen = open.has(item.id);
        const panelId = `${base}-${item.id}-panel`;
        const triggerId = `${base}-${item.id}-trigger`;
        return (
          <Item key={item.id} $open={isOpen}>
            <ItemHeading as={Heading}>
              <Trigger
                id={triggerId}
                type="button"
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
              >
                <span>{item.title}</span>
                <Icon name="chevronDown" size={20} />
              </Trigger>
            </ItemHeading>
            <Panel id={panelId} role="region" aria-labelledby={triggerId} hidden={!isOpen}>
              {item.content}
            </Panel>
          </Item>
        );
      })}
    </Root>
  );
}
