import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, initialsOf } from './avatar';

describe('initialsOf', () => {
  it('takes the first letters of the first and last names, in capitals', () => {
    expect(initialsOf('Ana María López')).toBe('AL');
    expect(initialsOf('  bruno  ')).toBe('B');
    expect(initialsOf('Ольга Иванова')).toBe('ОИ');
    expect(initialsOf('émile zola')).toBe('ÉZ');
  });

  it('gives one sign in scripts without capitals, where two would join or crowd', () => {
    expect(initialsOf('ليلى أحمد')).toBe('ل');
    expect(initialsOf('山田 太郎')).toBe('山');
    expect(initialsOf('김 민수')).toBe('김');
  });

  it('never comes back empty, and never splits an emoji', () => {
    expect(initialsOf('   ')).toBe('?');
    expect(initialsOf('🦊 Fox')).toBe('🦊');
  });
});

describe('Avatar', () => {
  it('shows the small copy of the photo in lists, and initials when there is none', () => {
    const { container, rerender } = render(<Avatar name="Ana López" url="/api/avatars/abc" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/api/avatars/abc/small');
    rerender(<Avatar name="Ana López" url={null} />);
    expect(container.textContent).toBe('AL');
  });

  it('falls back to initials when the photo cannot load', () => {
    const { container } = render(<Avatar name="Ana López" url="/api/avatars/gone" size="large" />);
    const image = container.querySelector('img');
    expect(image?.getAttribute('src')).toBe('/api/avatars/gone');
    if (image) fireEvent.error(image);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('AL');
  });
});
