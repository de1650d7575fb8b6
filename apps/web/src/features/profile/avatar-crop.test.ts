import { describe, expect, it } from 'vitest';
import { centredCrop, clampCrop, sourceSquare, zoomCrop } from './avatar-crop';

const landscape = { width: 1200, height: 800 };
const FRAME = 240;

describe('avatar crop', () => {
  it('starts with the centre square of a landscape photo', () => {
    const crop = centredCrop(landscape, FRAME);
    expect(sourceSquare(crop, landscape, FRAME)).toEqual({ x: 200, y: 0, size: 800 });
  });

  it('never lets the frame show past the photo’s edge', () => {
    const dragged = clampCrop({ zoom: 1, x: 500, y: -500 }, landscape, FRAME);
    const square = sourceSquare(dragged, landscape, FRAME);
    expect(square.x).toBe(0);
    expect(square.y + square.size).toBeCloseTo(800);
    const farRight = sourceSquare(clampCrop({ zoom: 1, x: -5000, y: 0 }, landscape, FRAME), landscape, FRAME);
    expect(farRight.x + farRight.size).toBeCloseTo(1200);
  });

  it('zooms about the frame’s centre and keeps the zoom within bounds', () => {
    const zoomed = zoomCrop(centredCrop(landscape, FRAME), 2, landscape, FRAME);
    expect(sourceSquare(zoomed, landscape, FRAME)).toEqual({ x: 400, y: 200, size: 400 });
    expect(zoomCrop(zoomed, 40, landscape, FRAME).zoom).toBe(4);
    expect(zoomCrop(zoomed, 0.1, landscape, FRAME).zoom).toBe(1);
  });
});
