package files

import (
	"bytes"
	"encoding/xml"
	"errors"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"net/http"
	"path"
	"strings"

	_ "golang.org/x/image/bmp" // registers bmp for image.DecodeConfig/Decode
	"golang.org/x/image/draw"
	_ "golang.org/x/image/tiff" // registers tiff
	_ "golang.org/x/image/webp" // registers webp
)

// Accepted content types and the decoder name image.DecodeConfig answers for each.
var rasterFormats = map[string]string{
	"image/png":  "png",
	"image/jpeg": "jpeg",
	"image/gif":  "gif",
	"image/bmp":  "bmp",
	"image/webp": "webp",
	"image/tiff": "tiff",
}

const mimeSVG = "image/svg+xml"

// extensions per type, to give a stored file a name that matches its real content.
var extensions = map[string][]string{
	"image/png":  {".png"},
	"image/jpeg": {".jpg", ".jpeg", ".jfif"},
	"image/gif":  {".gif"},
	"image/bmp":  {".bmp"},
	"image/webp": {".webp"},
	"image/tiff": {".tif", ".tiff"},
	mimeSVG:      {".svg"},
}

// sniff answers the real content type from the bytes (http.DetectContentType, plus TIFF
// magic numbers it does not know, plus an SVG check); the name's extension counts only
// for SVG, which is text and has no magic number. "" means not an accepted type.
func sniff(data []byte, filename string) string {
	ct := http.DetectContentType(data)
	if _, ok := rasterFormats[ct]; ok {
		return ct
	}
	if bytes.HasPrefix(data, []byte("II*\x00")) || bytes.HasPrefix(data, []byte("MM\x00*")) {
		return "image/tiff"
	}
	if strings.EqualFold(path.Ext(filename), ".svg") && (strings.HasPrefix(ct, "text/xml") || strings.HasPrefix(ct, "text/plain")) {
		if checkSVG(data) == nil {
			return mimeSVG
		}
	}
	return ""
}

var errUnsafeSVG = errors.New("files: svg is not a plain drawing")

// checkSVG accepts a well-formed XML document whose root is <svg> and that holds no
// scripts, event handlers, embedded documents, javascript: links or entity
// declarations. The public route serves SVG with a sandboxing CSP as well.
func checkSVG(data []byte) error {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true
	root := false
	for n := 0; ; n++ {
		if n > 200_000 {
			return errUnsafeSVG
		}
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			if !root {
				return errUnsafeSVG
			}
			return nil
		}
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.Directive:
			if bytes.Contains(bytes.ToUpper(t), []byte("ENTITY")) {
				return errUnsafeSVG
			}
		case xml.StartElement:
			name := strings.ToLower(t.Name.Local)
			if !root {
				if name != "svg" {
					return errUnsafeSVG
				}
				root = true
			}
			switch name {
			case "script", "foreignobject", "iframe", "embed", "object", "handler", "listener":
				return errUnsafeSVG
			}
			for _, a := range t.Attr {
				local := strings.ToLower(a.Name.Local)
				if strings.HasPrefix(local, "on") {
					return errUnsafeSVG
				}
				v := strings.ToLower(strings.Join(strings.Fields(a.Value), ""))
				if strings.HasPrefix(v, "javascript:") || strings.HasPrefix(v, "vbscript:") || strings.HasPrefix(v, "data:text") ||
					strings.HasPrefix(v, "data:application") || strings.HasPrefix(v, "data:image/svg") {
					return errUnsafeSVG
				}
			}
		}
	}
}

// hasTransparency: at least one pixel is not fully opaque. Every standard image type
// has Opaque (which scans the pixels, or answers true for types without alpha).
func hasTransparency(img image.Image) bool {
	if o, ok := img.(interface{ Opaque() bool }); ok {
		return !o.Opaque()
	}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if _, _, _, a := img.At(x, y).RGBA(); a != 0xffff {
				return true
			}
		}
	}
	return false
}

// fit answers the size of w×h scaled down to fit in a box×box square (never up).
func fit(w, h, box int) (int, int) {
	if w <= box && h <= box {
		return w, h
	}
	if w >= h {
		nh := max(1, h*box/w)
		return box, nh
	}
	nw := max(1, w*box/h)
	return nw, box
}

// variantType: the type a resized variant is encoded in — JPEG stays JPEG, everything
// else becomes PNG (keeps transparency; no WebP encoder in the standard library).
func variantType(original string) string {
	if original == "image/jpeg" {
		return "image/jpeg"
	}
	return "image/png"
}

// resize scales img to fit in box (Catmull-Rom) and encodes it as variantType.
func resize(img image.Image, box int, mime string) ([]byte, error) {
	b := img.Bounds()
	w, h := fit(b.Dx(), b.Dy(), box)
	var out image.Image = img
	if w != b.Dx() || h != b.Dy() {
		dst := image.NewRGBA(image.Rect(0, 0, w, h))
		draw.CatmullRom.Scale(dst, dst.Bounds(), img, b, draw.Src, nil)
		out = dst
	}
	var buf bytes.Buffer
	var err error
	if variantType(mime) == "image/jpeg" {
		err = jpeg.Encode(&buf, out, &jpeg.Options{Quality: 85})
	} else {
		err = (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, out)
	}
	return buf.Bytes(), err
}

// browserReady types are served as stored when no resizing is needed.
func browserReady(mime string) bool {
	switch mime {
	case "image/png", "image/jpeg", "image/gif", "image/webp", mimeSVG:
		return true
	}
	return false
}

var _ = gif.Decode // gif is registered through this import
