import { randomBytes } from 'node:crypto';
import { closeToasts, expect, test } from './fixtures';

test('a member adds a profile photo, cropped square, and sees it in the header and profile; then removes it', async ({
  page,
}) => {
  const username = `photo-${randomBytes(3).toString('hex')}`;
  await page.goto('/register');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(`Lagoon-${randomBytes(6).toString('hex')}`);
  await page.getByLabel('Display name').fill('Ana María');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await closeToasts(page);
  // No photo yet: initials, and nothing in the header but the name.
  await expect(page.getByRole('main').locator('.avatar')).toHaveText('AM');
  await expect(page.getByRole('banner').locator('img.avatar')).toHaveCount(0);

  // A landscape picture, left half red and right half blue, made by the browser itself.
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 600;
    canvas.height = 300;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.fillStyle = '#dc2626';
    context.fillRect(0, 0, 300, 300);
    context.fillStyle = '#2563eb';
    context.fillRect(300, 0, 300, 300);
    return canvas.toDataURL('image/png');
  });
  const png = Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');

  await page.goto('/profile/edit');
  await page.locator('.avatar-editor input[type="file"]').setInputFiles({
    name: 'beach.png',
    mimeType: 'image/png',
    buffer: png,
  });
  const dialog = page.getByRole('dialog', { name: 'Choose what people see' });
  await expect(dialog).toBeVisible();
  // Move the square all the way to the photo's left edge with the keyboard: the red half.
  const area = dialog.getByRole('img', { name: /Photo to crop/ });
  await area.focus();
  for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowLeft');
  await dialog.getByRole('button', { name: 'Use this photo' }).click();
  await expect(page.getByText('Your profile photo is saved.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await closeToasts(page);

  // The header shows the photo at once, and it is the red square that was chosen.
  const headerPhoto = page.getByRole('banner').locator('img.avatar');
  await expect(headerPhoto).toHaveAttribute('src', /^\/api\/avatars\/[0-9a-f-]+\/small$/);
  const pixel = await headerPhoto.evaluate(async (image: HTMLImageElement) => {
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d');
    context?.drawImage(image, 0, 0);
    const [r = 0, g = 0, b = 0] = context?.getImageData(canvas.width / 2, canvas.height / 2, 1, 1).data ?? [];
    return { width: image.naturalWidth, height: image.naturalHeight, r, g, b };
  });
  expect(pixel).toMatchObject({ width: 64, height: 64 });
  expect(pixel.r).toBeGreaterThan(180);
  expect(pixel.b).toBeLessThan(80);

  // After a reload (the stored session carries it) and on the profile screen too.
  await page.goto('/profile');
  await expect(page.getByRole('banner').locator('img.avatar')).toBeVisible();
  await expect(page.getByRole('main').locator('img.avatar')).toHaveAttribute('src', /^\/api\/avatars\/[0-9a-f-]+$/);

  // Remove it: initials are back everywhere.
  await page.goto('/profile/edit');
  await page.getByRole('button', { name: 'Remove photo' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove photo' }).click();
  await expect(page.getByText('Your profile photo is removed.')).toBeVisible();
  await expect(page.getByRole('banner').locator('img.avatar')).toHaveCount(0);
  await expect(page.getByRole('main').locator('.avatar-editor .avatar')).toHaveText('AM');
});
