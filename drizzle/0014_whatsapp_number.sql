-- hand-written: one number, many links (docs/product.md §4.9). The site text's free
-- 'whatsappLink' becomes 'whatsappNumber' (E.164; empty = the contact phone), and the contact
-- phone is stored in E.164 too. A link that holds no number is kept as typed in
-- 'whatsappNumber': the site never uses it and the admin sees it to fix in 'Textos'. The old
-- built-in default link (wa.me/13055550100) means 'the same number'. Applied to the stored
-- texts and to every saved version of them, so restoring an old version works alike.
CREATE FUNCTION mm_tmp_e164_phone(v text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN v IS NULL OR btrim(v) = '' THEN v
    WHEN btrim(v) LIKE '+%' AND length(regexp_replace(v, '\D', '', 'g')) BETWEEN 7 AND 15
      THEN '+' || regexp_replace(v, '\D', '', 'g')
    WHEN v !~ '[A-Za-z]' AND length(regexp_replace(v, '\D', '', 'g')) = 10
      THEN '+1' || regexp_replace(v, '\D', '', 'g')
    WHEN v !~ '[A-Za-z]' AND regexp_replace(v, '\D', '', 'g') ~ '^1\d{10}$'
      THEN '+' || regexp_replace(v, '\D', '', 'g')
    ELSE v
  END
$$;
--> statement-breakpoint
CREATE FUNCTION mm_tmp_whatsapp_number(link text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN link IS NULL OR btrim(link) = '' THEN ''
    WHEN d IS NULL THEN btrim(link)
    WHEN d = '13055550100' THEN ''
    ELSE '+' || d
  END
  FROM (SELECT substring(link FROM '^\s*(?:https?://)?(?:www\.)?(?:wa\.me/|api\.whatsapp\.com/send/?\?(?:[^#]*&)?phone=)\+?(\d{7,15})(?:[/?&#].*)?\s*$') AS d) AS found
$$;
--> statement-breakpoint
CREATE FUNCTION mm_tmp_text_v2(data jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN NOT (data ? 'whatsappLink' OR data ? 'contactPhone') THEN data
    ELSE
      (data - 'whatsappLink')
      || CASE WHEN data ? 'contactPhone'
           THEN jsonb_build_object('contactPhone', mm_tmp_e164_phone(data->>'contactPhone'))
           ELSE '{}'::jsonb END
      || CASE WHEN data ? 'whatsappLink'
           THEN jsonb_build_object('whatsappNumber', CASE
             -- The same number as the contact phone: nothing of its own.
             WHEN regexp_replace(mm_tmp_whatsapp_number(data->>'whatsappLink'), '\D', '', 'g')
                  = regexp_replace(coalesce(mm_tmp_e164_phone(data->>'contactPhone'), ''), '\D', '', 'g')
               THEN ''
             ELSE mm_tmp_whatsapp_number(data->>'whatsappLink') END)
           ELSE '{}'::jsonb END
  END
$$;
--> statement-breakpoint
UPDATE "site_text" SET "data" = mm_tmp_text_v2("data");
--> statement-breakpoint
UPDATE "site_content_changes" SET "data" = mm_tmp_text_v2("data") WHERE "kind" = 'text';
--> statement-breakpoint
DROP FUNCTION mm_tmp_text_v2(jsonb);
--> statement-breakpoint
DROP FUNCTION mm_tmp_whatsapp_number(text);
--> statement-breakpoint
DROP FUNCTION mm_tmp_e164_phone(text);
