import type { HTMLAttributes, KeyboardEvent, ReactNode, Ref } from 'react';

interface TabListProps<Tab extends string> extends Omit<HTMLAttributes<HTMLDivElement>, 'onSelect' | 'onKeyDown'> {
  tabs: readonly Tab[];
  selected: Tab;
  onSelect: (tab: Tab) => void;
  /** A tab's content: its label (and a count, say). */
  label: (tab: Tab) => ReactNode;
  /** The element id of a tab, which its panel names. */
  tabId: (tab: Tab) => string;
  panelId: string;
  ref?: Ref<HTMLDivElement>;
}

/**
 * A row of tabs with the keyboard of the ARIA tabs pattern: the arrows move between tabs (mirrored
 * right to left), Home and End go to the ends, and only the selected tab is in the Tab order.
 */
export function TabList<Tab extends string>({
  tabs,
  selected,
  onSelect,
  label,
  tabId,
  panelId,
  ref,
  ...row
}: TabListProps<Tab>) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    const index = tabs.indexOf(selected);
    let next: number | undefined;
    if (step !== undefined) next = (index + step + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    const target = next === undefined ? undefined : tabs[next];
    if (target === undefined) return;
    event.preventDefault();
    onSelect(target);
    document.getElementById(tabId(target))?.focus();
  };
  return (
    <div ref={ref} role="tablist" {...row} onKeyDown={onKeyDown}>
      {tabs.map((tab) => (
        <button
          key={tab}
          id={tabId(tab)}
          type="button"
          role="tab"
          aria-selected={tab === selected}
          aria-controls={panelId}
          tabIndex={tab === selected ? 0 : -1}
          onClick={() => {
            onSelect(tab);
          }}
        >
          {label(tab)}
        </button>
      ))}
    </div>
  );
}
