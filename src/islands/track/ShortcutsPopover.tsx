import { Popover, PopoverDisclosure, PopoverProvider } from '@ariakit/react';

/** The popover listing the Track screen's shortcuts; loaded on first use (see ShortcutsHelp). */
export default function ShortcutsPopover() {
  return (
    <PopoverProvider defaultOpen>
      <PopoverDisclosure className="btn-secondary">Keyboard shortcuts</PopoverDisclosure>
      <Popover
        aria-labelledby="shortcuts-heading"
        gutter={6}
        className="z-40 w-72 rounded-md border border-slate-300 bg-white p-4 shadow-lg"
      >
        {/* An h2: Ariakit's PopoverHeading would be a second h1 beside the screen's own. */}
        <h2 id="shortcuts-heading" className="mb-2 font-bold">
          Keyboard shortcuts
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt>
            <kbd className="rounded border px-1">n</kbd>
          </dt>
          <dd>New time log (open or close the form)</dd>
          <dt>
            <kbd className="rounded border px-1">s</kbd>
          </dt>
          <dd>Start or stop the stopwatch</dd>
          <dt>
            <kbd className="rounded border px-1">/</kbd>
          </dt>
          <dd>Focus the search field, where there is one</dd>
        </dl>
      </Popover>
    </PopoverProvider>
  );
}
