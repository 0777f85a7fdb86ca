package kernel

import (
	"fmt"
	"strings"

	"move/domain"
)

// ImageRule is what an image must be to serve one use (spec section 5: "minimum sizes
// by use … logo 300x300, icon 200x200; app icon 1024x1024 png max 1 MB"; decision
// 1650). The forms show the same rule before the upload: the SPA reads it from
// web/src/lib/image-rules.json, which TestImageRulesMatchTheForms compares to
// ImageRules.
type ImageRule struct {
	MinWidth, MinHeight int
	// MaxWidth, MaxHeight: 0 is no maximum (the app icon has both: exactly 1024 × 1024).
	MaxWidth, MaxHeight int
	// Types are the accepted extensions (png, jpg, …); empty is any image the file
	// service accepts.
	Types []string
	// MaxBytes: 0 is the file service's own cap (2 MB).
	MaxBytes int64
}

// The rules by use, keyed "<entity>.<field>" as the forms name them.
var ImageRules = map[string]ImageRule{
	"application.logo_id":   {MinWidth: 300, MinHeight: 300},
	"organization.logo_id":  {MinWidth: 300, MinHeight: 300},
	"wallet.icon_id":        {MinWidth: 200, MinHeight: 200},
	"sport.icon_id":         {MinWidth: 200, MinHeight: 200},
	"location_type.icon_id": {MinWidth: 200, MinHeight: 200, Types: []string{"png"}},
	"app_build.icon_id":     {MinWidth: 1024, MinHeight: 1024, MaxWidth: 1024, MaxHeight: 1024, Types: []string{"png"}, MaxBytes: 1 << 20},
	"app_build.splash_id":   {MinWidth: 1242, MinHeight: 2436},
	"location.image_id":     {MinWidth: 500, MinHeight: 250},
	"category.image_id":     {MinWidth: 500, MinHeight: 250},
	"activity.image_id":     {MinWidth: 500, MinHeight: 250},
	"product.image_id":      {MinWidth: 500, MinHeight: 250},
}

// Rule is the rule of a use; an unknown use is a programming mistake.
func Rule(use string) *ImageRule {
	r, ok := ImageRules[use]
	if !ok {
		panic("kernel: no image rule " + use)
	}
	return &r
}

// mimeTypes maps the rule's extensions to the types the file service stores.
var ruleMimeTypes = map[string]string{
	"png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
	"webp": "image/webp", "bmp": "image/bmp", "tiff": "image/tiff", "svg": "image/svg+xml",
}

// storedImage is what the files table knows of a referenced file.
type storedImage struct {
	Width, Height int
	MimeType      string
	Size          int64
}

// check adds the rule's failures under field. A vector image (svg, no pixel size) meets
// any size: it draws sharp at every size; a rule that names types still refuses it.
func (rule ImageRule) check(v *domain.ValidationError, field string, f storedImage) {
	if len(rule.Types) > 0 {
		ok := false
		for _, t := range rule.Types {
			if ruleMimeTypes[t] == f.MimeType {
				ok = true
			}
		}
		if !ok {
			v.Add(field, "image_rule.type", map[string]any{"types": strings.Join(rule.Types, ", ")})
			return
		}
	}
	if rule.MaxBytes > 0 && f.Size > rule.MaxBytes {
		v.Add(field, "image_rule.too_large", map[string]any{"size": formatBytes(rule.MaxBytes)})
		return
	}
	if f.MimeType == "image/svg+xml" {
		return
	}
	exact := rule.MaxWidth > 0 && rule.MaxWidth == rule.MinWidth && rule.MaxHeight == rule.MinHeight
	switch {
	case exact && (f.Width != rule.MinWidth || f.Height != rule.MinHeight):
		v.Add(field, "image_rule.exact_dimensions", map[string]any{"width": rule.MinWidth, "height": rule.MinHeight, "actual_width": f.Width, "actual_height": f.Height})
	case f.Width < rule.MinWidth || f.Height < rule.MinHeight:
		v.Add(field, "image_rule.min_dimensions", map[string]any{"width": rule.MinWidth, "height": rule.MinHeight, "actual_width": f.Width, "actual_height": f.Height})
	case rule.MaxWidth > 0 && (f.Width > rule.MaxWidth || f.Height > rule.MaxHeight):
		v.Add(field, "image_rule.max_dimensions", map[string]any{"width": rule.MaxWidth, "height": rule.MaxHeight, "actual_width": f.Width, "actual_height": f.Height})
	}
}

// formatBytes says a size limit as the forms do ("1 MB", "500 KB").
func formatBytes(n int64) string {
	if n%(1<<20) == 0 {
		return fmt.Sprintf("%d MB", n>>20)
	}
	return fmt.Sprintf("%d KB", n>>10)
}
