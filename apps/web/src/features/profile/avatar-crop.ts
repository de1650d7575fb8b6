/**
 * The square of a photo a member chooses for their avatar, as the crop frame shows it: the photo
 * covers the frame at zoom 1, and is moved (offset, in frame pixels from the frame's top-left
 * corner) and zoomed by the member, never so far that the frame shows anything but photo.
 */
export interface Crop {
  zoom: number;
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export const ZOOM_MIN = 1;
export const ZOOM_MAX = 4;

/** Frame pixels per photo pixel at this zoom. */
export const scaleOf = (photo: Size, frame: number, zoom: number) =>
  (frame / Math.min(photo.width, photo.height)) * zoom;

/** The crop moved back inside the photo: no empty edge in the frame. */
export function clampCrop(crop: Crop, photo: Size, frame: number): Crop {
  const zoom = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, crop.zoom));
  const scale = scaleOf(photo, frame, zoom);
  const clamp = (value: number, extent: number) => Math.min(0, Math.max(frame - extent * scale, value));
  return { zoom, x: clamp(crop.x, photo.width), y: clamp(crop.y, photo.height) };
}

/** The photo centred in the frame at zoom 1. */
export function centredCrop(photo: Size, frame: number): Crop {
  const scale = scaleOf(photo, frame, 1);
  return { zoom: 1, x: (frame - photo.width * scale) / 2, y: (frame - photo.height * scale) / 2 };
}

/** Zooms about the frame's centre, so what the member looks at stays in the middle. */
export function zoomCrop(crop: Crop, zoom: number, photo: Size, frame: number): Crop {
  const before = scaleOf(photo, frame, crop.zoom);
  const after = scaleOf(photo, frame, Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom)));
  const centre = frame / 2;
  const ratio = after / before;
  return clampCrop(
    { zoom, x: centre - (centre - crop.x) * ratio, y: centre - (centre - crop.y) * ratio },
    photo,
    frame,
  );
}

/** The square of the photo, in photo pixels, that the frame shows. */
export function sourceSquare(crop: Crop, photo: Size, frame: number) {
  const scale = scaleOf(photo, frame, crop.zoom);
  // `0 - v`, not `-v`: a photo at its edge starts at 0, not at -0.
  return { x: 0 - crop.x / scale, y: 0 - crop.y / scale, size: frame / scale };
}
