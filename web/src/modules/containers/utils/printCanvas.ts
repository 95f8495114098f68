// Prints what a canvas shows, under a title, from a window of its own (the screen stays as it is).
export function printCanvas(canvas: HTMLCanvasElement, title: string): boolean {
  const image = canvas.toDataURL('image/png');
  const printWindow = window.open('', '_blank', 'noopener=no,width=1100,height=800');
  if (!printWindow) return false;
  const document = printWindow.document;
  document.title = title;
  const heading = document.createElement('h3');
  heading.textContent = title;
  heading.style.fontFamily = 'sans-serif';
  const picture = document.createElement('img');
  picture.src = image;
  picture.style.maxWidth = '100%';
  document.body.append(heading, picture);
  picture.onload = () => {
    printWindow.focus();
    printWindow.print();
  };
  return true;
}
