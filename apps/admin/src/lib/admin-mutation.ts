import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A change that other screens can show (an order's action, a product or category saved, deleted or
 * restored): once it succeeds every back-office query is asked again (lists, the page, the
 * dashboard's work lists), and the mutation settles only after that.
 */
export function useAdminMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
