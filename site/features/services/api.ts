import { useQuery, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api, call, publicApi, upload } from '../../lib/api.ts';
import { useSingleFlightMutation } from '../../ui/use-single-flight-mutation.ts';

// The services area's calls (docs/product.md §7 "Services"), one hook each, keyed by serviceKeys.

/** Every cache key of the area. The list keeps the key the other screens already share. */
export const serviceKeys = {
  all: ['services'] as const,
  list: () => serviceKeys.all,
};

type Done = { message: string };
type Options<TVariables> = Omit<UseMutationOptions<Done, Error, TVariables>, 'mutationFn'>;

/** GET /services: the services with their sub-services (public). */
export function useServices() {
  return useQuery({ queryKey: serviceKeys.list(), queryFn: () => call(publicApi.services.$get()) });
}

/** Refreshes the list after a change, then runs the screen's own onSuccess. */
function useRefreshing<TVariables>(options: Options<TVariables>): Options<TVariables> {
  const client = useQueryClient();
  return {
    ...options,
    onSuccess: (...args) => {
      void client.invalidateQueries({ queryKey: serviceKeys.all });
      return options.onSuccess?.(...args);
    },
  };
}

/** DELETE /services/{id}. */
export function useDeleteService(options: Options<string>) {
  return useSingleFlightMutation({
    ...useRefreshing(options),
    mutationFn: (id: string) => call(api.services[':id'].$delete({ param: { id } })),
  });
}

/** What a save sends: the fields, the service edited (none for a new one) and the image chosen, if any. */
export type ServiceSave = { fields: Record<string, string>; editingId: string | null; image: File | null };

/** POST /services or PUT /services/{id}: JSON when nothing is uploaded, else multipart. */
export function useSaveService(options: Options<ServiceSave>) {
  return useSingleFlightMutation({
    ...useRefreshing(options),
    mutationFn: async ({ fields, editingId, image }: ServiceSave): Promise<Done> => {
      if (editingId && !image) {
        // The route takes JSON or multipart; hc types both bodies at once, and this call sends the JSON one.
        const input = { param: { id: editingId }, json: { ...fields, description: fields.description || null } };
        return call(api.services[':id'].$put(input as Parameters<(typeof api.services)[':id']['$put']>[0]));
      }
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      if (image) form.append('image', image, image.name);
      return editingId
        ? upload(api.services[':id'], '$put', form, () => undefined, { id: editingId })
        : upload(api.services, '$post', form, () => undefined);
    },
  });
}
