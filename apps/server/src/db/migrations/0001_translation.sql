CREATE TABLE "translation_memory" (
	"engine" text NOT NULL,
	"source_language" text NOT NULL,
	"target_language" text NOT NULL,
	"source_hash" text NOT NULL,
	"translated_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translation_memory_pk" PRIMARY KEY("engine","source_language","target_language","source_hash")
);
