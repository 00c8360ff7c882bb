import {
  SearchSuggestions as List,
  type SearchSuggestionsProps,
} from '@/features/search/components/search-suggestions';
import { RouteQueryProvider } from '../route-query-provider';

/**
 * The search box's list with the app's query client; loaded by search-box.tsx on first focus, so
 * neither the list nor TanStack Query is on the entry chunk.
 */
export default function SearchSuggestionsLoader(props: SearchSuggestionsProps) {
  return (
    <RouteQueryProvider>
      <List {...props} />
    </RouteQueryProvider>
  );
}
