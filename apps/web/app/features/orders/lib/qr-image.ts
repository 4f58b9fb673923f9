/** The picture saved by "save QR": the QR with what the payer checks it against under it. */
export interface QrImageText {
  title: string;
  payee: string;
  amount: string;
}

const WIDTH = 720;
const QR = 560;

/**
 * Draws the server's PromptPay QR (an SVG, loaded as a data: image, which the page's CSP allows)
 * on a white PNG with a title, the payee and the amount, so a banking app can scan it from the
 * phone's gallery and the person still sees whom and how much they pay (review D11). The SVG is
 * given a size first: without one, some browsers decode it at 0×0.
 */
export async function qrImage(svg: string, text: QrImageText): Promise<Blob> {
  const sized = svg.replace(/^<svg /, `<svg width="${QR}" height="${QR}" `);
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(sized)}`;
  await image.decode();

  const canvas = document.createElement("canvas");
  canvas.width = WIDTH;
  canvas.height = QR + 300;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no 2d canvas");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.imageSmoothingEnabled = false;
  context.textAlign = "center";
  context.fillStyle = "#111827";
  const font = (weight: number, size: number) =>
    `${weight} ${size}px "Noto Sans Thai", "Noto Sans", system-ui, sans-serif`;
  context.font = font(700, 34);
  context.fillText(text.title, WIDTH / 2, 62);
  context.drawImage(image, (WIDTH - QR) / 2, 90, QR, QR);
  context.font = font(600, 30);
  context.fillText(text.payee, WIDTH / 2, QR + 150, WIDTH - 40);
  context.font = font(700, 40);
  context.fillStyle = "#9f1239";
  context.fillText(text.amount, WIDTH / 2, QR + 215, WIDTH - 40);

  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("canvas gave no PNG"))), "image/png"),
  );
}
