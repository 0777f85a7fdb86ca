import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import * as yup from 'yup';
import { Form, FormActions, FormErrorSummary, FormSection, SubmitButton, TextField, UploadFormField, UrlFormField } from '@/components/form';
import { HistoryLink } from '@/components/audit/HistoryLink';
import { PageHeader } from '@/components/page/PageHeader';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Skeleton } from '@/components/ui/Skeleton';
import { useCampaign, useDeleteCampaign, useSaveCampaign, type Campaign } from '@/features/campaigns/api/campaigns';
import { notifySaved } from '@/stores/notification';
import '@/features/campaigns/i18n';

interface CampaignValues {
  title: string;
  url: string | null;
  image_id: string | null;
}

/** The server's rules (domain/campaign): a title of at most 100 characters, an http(s) link. */
function campaignSchema(t: TFunction) {
  const title = t('campaigns.fields.title').toLowerCase();
  const url = t('campaigns.fields.url').toLowerCase();
  return yup.object({
    title: yup
      .string()
      .trim()
      .required(t('errors.required', { field: title }))
      .max(100, t('errors.maxLength', { field: title, length: 100 })),
    url: yup
      .string()
      .nullable()
      .required(t('errors.required', { field: url }))
      .matches(/^https?:\/\/[^\s/]+/, t('errors.url', { field: url })),
  });
}

/** Create (no campaign_id) or edit a campaign. */
export function CampaignFormRoute() {
  const { campaign_id: id } = useParams();
  return id ? <EditCampaign id={id} /> : <CampaignForm />;
}

function EditCampaign({ id }: { id: string }) {
  const { data, isPending, isError } = useCampaign(id);
  if (isPending) return <Skeleton lines={3} />;
  if (isError) return null;
  return <CampaignForm campaign={data} />;
}

function CampaignForm({ campaign }: { campaign?: Campaign }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveCampaign();
  const remove = useDeleteCampaign();
  const [confirming, setConfirming] = useState(false);
  const back = '/application/campaigns';
  return (
    <>
      <PageHeader
        title={t(campaign ? 'campaigns.editTitle' : 'campaigns.createTitle')}
        actions={
          campaign && (
            <>
              <HistoryLink entityType="campaign" entityId={campaign.id} />
              <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
                {t('campaigns.delete')}
              </button>
            </>
          )
        }
      />
      <Form<CampaignValues>
        className="form form--sections"
        guardUnsaved
        initialValues={{ title: campaign?.title ?? '', url: campaign?.url || null, image_id: campaign?.image_id ?? null }}
        validationSchema={campaignSchema(t)}
        onSubmit={async (values) => {
          await save.mutateAsync({
            id: campaign?.id,
            version: campaign?.version,
            input: { title: values.title.trim(), url: values.url ?? '', image_id: values.image_id },
          });
          notifySaved(t('common.saved'));
          await navigate(back);
        }}
      >
        <FormSection title={t('campaigns.section')} description={t('campaigns.sectionHint')}>
          <TextField name="title" label={t('campaigns.fields.title')} required autoFocus />
          <UrlFormField name="url" label={t('campaigns.fields.url')} />
          <UploadFormField name="image_id" label={t('campaigns.fields.image')} uploadOptions={{ visibility: 'public', path: 'campaigns' }} />
        </FormSection>
        <FormErrorSummary />
        <FormActions>
          <SubmitButton>{t('common.save')}</SubmitButton>
          <Link to={back}>{t('common.cancel')}</Link>
        </FormActions>
      </Form>
      {campaign && (
        <ConfirmDialog
          open={confirming}
          title={t('campaigns.delete')}
          body={t('campaigns.deleteBody', { name: campaign.title })}
          confirmLabel={t('campaigns.delete')}
          busy={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            remove
              .mutateAsync(campaign.id)
              .then(() => {
                notifySaved(t('common.deleted', { name: campaign.title }));
                void navigate(back);
              })
              .catch(() => undefined) // the API client shows the server's refusal
              .finally(() => setConfirming(false));
          }}
        />
      )}
    </>
  );
}
