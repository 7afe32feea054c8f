import { describe, expect, it } from 'vitest';
import { applyViewport, viewportContent } from './viewport.ts';

describe('viewport', () => {
  it('allows pinch zoom up to 10 on schedule and guide pages only', () => {
    expect(viewportContent('/schedule/abc')).toContain('maximum-scale=10');
    expect(viewportContent('/guide/abc')).toContain('user-scalable=yes');
    expect(viewportContent('/sign-up/abc')).toContain('maximum-scale=1,');
    expect(viewportContent('/meeting_management/schedule-detail')).toContain('user-scalable=no');
  });

  it('updates the meta tag', () => {
    applyViewport('/guide/x');
    expect(document.querySelector<HTMLMetaElement>('meta[name="viewport"]')?.content).toContain(
      'maximum-scale=10',
    );
    applyViewport('/login');
    expect(document.querySelector<HTMLMetaElement>('meta[name="viewport"]')?.content).toContain(
      'user-scalable=no',
    );
  });
});
