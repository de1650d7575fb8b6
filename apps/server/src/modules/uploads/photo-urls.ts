/** Where a photo and its thumbnail are read: through the app, which checks who may see them. */
export function photoUrls(id: string) {
  return { url: `/api/uploads/${id}`, thumbUrl: `/api/uploads/${id}/thumb` };
}
