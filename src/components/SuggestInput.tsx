import { AutoComplete, type AutoCompleteProps } from 'antd';

/**
 * Free text with suggestions (antd AutoComplete). Its input is a search field, which Chromium empties on Esc
 * as the key's default action; Esc here only closes the suggestions, so the default is cancelled.
 */
export default function SuggestInput({ onKeyDown, ...props }: AutoCompleteProps) {
  return (
    <AutoComplete
      {...props}
      onKeyDown={(event) => {
        if (event.key === 'Escape') event.preventDefault();
        onKeyDown?.(event);
      }}
    />
  );
}
